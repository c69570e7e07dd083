/** A response's error details as `loc:type` strings, e.g. 'body.email:value_error.email'. */
export const locs = (body: { detail: { type: string; loc?: (string | number)[] }[] }) =>
  body.detail.map((d) => `${(d.loc ?? []).join('.')}:${d.type}`)

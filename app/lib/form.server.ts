import { messageFor } from '@domain/errors/catalogue'

/*
 * Reading an action's form (issue 23): a body that is not a form — another content type, a
 * multipart body that does not parse, bytes that end too soon — is the caller's mistake, answered
 * 400 `request.bad_form` (the error page), never a 500. A body over its route's limit meets the
 * 413 of app/lib/body-limit.server.ts, passed on as it is.
 */

/** The 400 an action throws for a body it cannot read as a form. */
export function badForm(): Response {
  const detail = [{ type: 'request.bad_form', msg: messageFor('request.bad_form') }]
  return new Response(JSON.stringify({ detail }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/**
 * What a multipart parse's failure is once its own known errors are handled: the 413 or the caller
 * gone passed on, anything else (no boundary, a body that ends mid-part) the 400.
 */
export function unreadableForm(request: Request, error: unknown): never {
  if (error instanceof Response || request.signal.aborted) throw error
  throw badForm()
}

/** `request.formData()`, its parse failures a 400. `clone`: the body stays readable (sign-in). */
export async function readForm(request: Request, { clone = false } = {}): Promise<FormData> {
  try {
    return await (clone ? request.clone() : request).formData()
  } catch (error) {
    // The 413 of a body over its limit, or the caller gone (nothing is left to answer).
    unreadableForm(request, error)
  }
}

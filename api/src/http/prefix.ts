/** The upstream's own base path (PRODUCT.md §2), which the web app forwards /api to. */
export const API_PREFIX = '/api'

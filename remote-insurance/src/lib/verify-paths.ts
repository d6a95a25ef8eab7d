/**
 * The public proof-of-cover check, relative to the router's basename. The paths match the routes this
 * remote declares in `exposed/routes.ts`; the host knows neither.
 */
export const verifyPaths = {
  form: () => '/verify',
  code: (code: string) => `/verify/${encodeURIComponent(code)}`,
} as const;

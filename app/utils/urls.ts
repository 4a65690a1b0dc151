/** The sign-in address that comes back to `redirectTo` afterwards. */
export function loginUrl(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

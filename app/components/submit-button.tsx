import type { ReactNode } from "react";

/**
 * A form's submit button that says what is happening while its form is on its way, and cannot be
 * pressed twice meanwhile (DESIGN principle 2: pending UI).
 */
export function SubmitButton({
  busy,
  busyText,
  className = "btn-primary",
  disabled = false,
  children,
}: {
  busy: boolean;
  /** 'Saving…', 'Sending…': the spec's loading text. */
  busyText: string;
  className?: string;
  /** Not ready to send for another reason (a field still invalid). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}

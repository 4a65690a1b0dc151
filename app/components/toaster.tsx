import { useEffect, useState } from "react";
import type { Toast } from "~/http/toast.server";

const TOAST_MS = 5_000;

const STYLES: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
};

/**
 * The flash message of the last action. With JavaScript it closes itself after 5 seconds;
 * without, the Dismiss control hides it (a checkbox and CSS, no script needed).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState(Boolean(toast));
  useEffect(() => {
    setVisible(Boolean(toast));
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || !visible) return null;
  return (
    // At the bottom on every width: at the top of a phone it covered the page's heading.
    <div className="pointer-events-none fixed inset-x-0 bottom-3 z-50 flex justify-center px-3 sm:bottom-6 sm:justify-end sm:px-6">
      <input type="checkbox" id="toast-dismiss" className="peer sr-only" aria-hidden="true" tabIndex={-1} />
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg peer-checked:hidden ${STYLES[toast.type]}`}
      >
        <div className="flex-1">
          {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
          <p>{toast.message}</p>
        </div>
        <label
          htmlFor="toast-dismiss"
          className="-m-1 cursor-pointer rounded p-1 text-sm font-semibold underline-offset-2 hover:underline"
          onClick={(event) => {
            event.preventDefault();
            setVisible(false);
          }}
        >
          Dismiss
        </label>
      </div>
    </div>
  );
}

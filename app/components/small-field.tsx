import type { ReactNode } from "react";

/** A control of a small form (a filter, a sort, a task's status) with its label above it. */
export function SmallField({
  id,
  label,
  className = "",
  children,
}: {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

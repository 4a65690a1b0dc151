import type { ReactNode } from "react";

/** The title block at the top of a content page. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="container-page py-8 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children ? <div className="mt-3 max-w-3xl text-lg text-slate-600">{children}</div> : null}
      </div>
    </div>
  );
}

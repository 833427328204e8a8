import type { ReactNode } from "react";

export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-4 flex items-center gap-3 text-xl font-bold sm:text-2xl">
      <span className="h-7 w-1.5 rounded-full bg-primary" aria-hidden="true" />
      {children}
    </h2>
  );
}

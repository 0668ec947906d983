import type { ReactNode, Ref } from 'react';

/**
 * A page region named by its own heading: screen readers list it under that name, so every
 * region on a page gets its heading and its `aria-labelledby` from the one id given here.
 */
export function Section({
  id,
  heading,
  level = 2,
  headingClassName = 'text-xl font-bold text-slate-950',
  className,
  sectionRef,
  children,
  ...data
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  heading: ReactNode;
  level?: 2 | 3;
  headingClassName?: string;
  className?: string;
  sectionRef?: Ref<HTMLElement>;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section ref={sectionRef} aria-labelledby={id} className={className} {...data}>
      <Heading id={id} className={headingClassName}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}

/** The bordered, tinted box a form or a short fact list sits in on a page. */
export const panel = {
  brand: 'rounded-xl border border-slate-200 bg-brand-50',
  plain: 'rounded-xl border border-slate-200 bg-white',
  muted: 'rounded-xl border border-slate-200 bg-slate-50',
} as const;

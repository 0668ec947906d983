'use client';

import Image from 'next/image';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { Picture } from '@/lib/booking/types';
import { ChevronLeftIcon, ChevronRightIcon, CrossIcon, ExpandIcon } from '@/components/ui/icons';

/**
 * The main picture and thumbnails. Each is a link to the full picture (so it works without
 * JavaScript); with JavaScript it opens a full-screen viewer in a modal <dialog>: arrow keys
 * browse, Escape closes, and focus returns to the picture that opened it.
 */
export function Gallery({ pictures, houseName }: { pictures: Picture[]; houseName: string }) {
  const t = useTranslations('house.gallery');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const total = pictures.length;

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openerRef.current = event.currentTarget;
    setIndex(Number(event.currentTarget.dataset.index ?? 0));
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && index !== null && !dialog.open) dialog.showModal();
  }, [index]);

  const step = useCallback(
    (delta: number) => setIndex((i) => (i === null ? i : (i + delta + total) % total)),
    [total],
  );

  const onClose = () => {
    setIndex(null);
    openerRef.current?.focus();
  };

  const [first, ...rest] = pictures;
  if (!first) {
    return <div className="aspect-[3/2] w-full rounded-xl bg-slate-100" aria-hidden="true" />;
  }
  const shown = index ?? 0;
  const current = index !== null ? pictures[index] : undefined;
  const alt = (i: number) => t('photoAlt', { name: houseName, number: i + 1, total });

  return (
    <div>
      <div className="grid gap-2 md:grid-cols-[2fr_1fr]">
        <a
          href={first.url}
          data-index={0}
          onClick={open}
          className="group relative block aspect-[3/2] overflow-hidden rounded-xl bg-slate-100"
        >
          <Image
            src={first.url}
            alt={alt(0)}
            fill
            preload
            // The page's largest picture: fetched before the scripts, which do not paint it.
            fetchPriority="high"
            sizes="(min-width: 1152px) 760px, (min-width: 768px) 66vw, 100vw"
            className="object-cover transition-transform group-hover:scale-[1.02]"
          />
          <span className="absolute right-3 bottom-3 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/95 px-3 text-sm font-semibold text-slate-900 shadow">
            <ExpandIcon width={18} height={18} />
            {t('showAll', { total })}
          </span>
        </a>
        {rest.length > 0 ? (
          <ul className="flex gap-2 overflow-x-auto pb-1 md:grid md:grid-cols-2 md:content-start md:overflow-visible md:pb-0">
            {rest.map((picture, i) => (
              <li key={picture.url} className="shrink-0 md:[&:nth-child(n+5)]:hidden">
                <a
                  href={picture.url}
                  data-index={i + 1}
                  onClick={open}
                  className="relative block aspect-[3/2] w-28 overflow-hidden rounded-lg bg-slate-100 md:w-full"
                >
                  <Image
                    src={picture.thumbnail}
                    alt={alt(i + 1)}
                    fill
                    sizes="(min-width: 768px) 180px, 112px"
                    className="object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <dialog
        ref={dialogRef}
        aria-labelledby="gallery-title"
        onClose={onClose}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          else if (event.key === 'ArrowLeft') step(-1);
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950/90"
      >
        {current ? (
          <div className="flex h-full flex-col">
            <div className="flex items-center justify-between gap-3 p-3">
              <h2 id="gallery-title" className="min-w-0 truncate text-base font-semibold" aria-live="polite">
                {alt(shown)}
              </h2>
              <button
                type="button"
                onClick={() => dialogRef.current?.close()}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-slate-950 focus-visible:outline-white"
                aria-label={t('close')}
              >
                <CrossIcon />
              </button>
            </div>
            <div className="relative min-h-0 flex-1">
              <Image src={current.url} alt={alt(shown)} fill sizes="100vw" className="object-contain" />
            </div>
            <div className="flex items-center justify-center gap-6 p-3">
              <button
                type="button"
                onClick={() => step(-1)}
                className="inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-950 focus-visible:outline-white"
                aria-label={t('previous')}
              >
                <ChevronLeftIcon />
              </button>
              <p className="min-w-16 text-center text-sm" aria-hidden="true">
                {shown + 1} / {total}
              </p>
              <button
                type="button"
                onClick={() => step(1)}
                className="inline-flex size-12 items-center justify-center rounded-full bg-white text-slate-950 focus-visible:outline-white"
                aria-label={t('next')}
              >
                <ChevronRightIcon />
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </div>
  );
}

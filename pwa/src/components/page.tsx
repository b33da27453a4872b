import { type ReactNode, useEffect } from 'react';
import { x } from '../texts-extra.ts';

/** Sets the document title of a screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === x.appName ? title : `${title} · ${x.appName}`;
  }, [title]);
}

/** The frame of one screen: its title as the page heading and the document title. */
export function Page({
  title,
  children,
  reading = false,
  hideTitle = false,
}: {
  title: string;
  children?: ReactNode;
  reading?: boolean;
  hideTitle?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className={reading ? 'page page-reading' : 'page'}>
      <h1 className={hideTitle ? 'visually-hidden' : undefined}>{title}</h1>
      {children}
    </div>
  );
}

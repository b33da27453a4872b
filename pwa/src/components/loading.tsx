import { t } from '@comanda/shared-schema';

export function Loading() {
  return (
    <p className="spinner-text" role="status">
      {t.loading}
    </p>
  );
}

import { t, tf } from '@comanda/shared-schema';

export interface ClosedInfo {
  openingTime: string;
  closingTime: string;
  messaggioChiusura: string | null;
}

/**
 * Spec 2.7 closed-venue screen: 'Il locale è chiuso in questo momento', the opening and closing
 * times, the venue's own closing message if it wrote one, and for the owner the hint to check
 * the hours in the profile.
 */
export function ClosedVenue({ info, owner }: { info: ClosedInfo; owner: boolean }) {
  return (
    <div className="closed-venue card" role="status">
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      >
        <circle cx="24" cy="24" r="20" />
        <polyline points="24 12 24 24 32 29" />
      </svg>
      <h2>{t.venueClosed}</h2>
      <p>{tf.openingHours(info.openingTime, info.closingTime)}</p>
      {info.messaggioChiusura ? <p>{info.messaggioChiusura}</p> : null}
      {owner ? <p className="field-hint">{t.checkOpeningHours}</p> : null}
    </div>
  );
}

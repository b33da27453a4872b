import { t } from '@comanda/shared-schema';
import { LegalDocument } from '../../components/legal-document.tsx';
import { privacySections } from '../../texts-legal.ts';

export default function PrivacyScreen() {
  return <LegalDocument title={t.privacyTitle} sections={privacySections} />;
}

import { t } from '@comanda/shared-schema';
import { LegalDocument } from '../../components/legal-document.tsx';
import { termsSections } from '../../texts-legal.ts';

export default function TermsScreen() {
  return <LegalDocument title={t.termsTitle} sections={termsSections} />;
}

import { t } from '@comanda/shared-schema';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** `/owner/chat`. Built by a later issue; this folder is its home. */
export default function OwnerChatScreen() {
  return <ComingSoon title={t.chat} />;
}

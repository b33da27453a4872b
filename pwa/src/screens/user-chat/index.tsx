import { t } from '@comanda/shared-schema';
import { ComingSoon } from '../../components/coming-soon.tsx';

/** `/user/chat/{ownerId}/{tableId}`. Built by a later issue; this folder is its home. */
export default function UserChatScreen() {
  return <ComingSoon title={t.chat} />;
}

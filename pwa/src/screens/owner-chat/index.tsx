import { t } from '@comanda/shared-schema';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { OwnerChatScreen } from './chat-screen.tsx';

/** `/owner/chat` (spec 2.3): the tables' conversations and the answer box. */
export default function OwnerChatRoute() {
  return (
    <ScreenErrorBoundary title={t.chat} screen="owner chat">
      <OwnerChatScreen />
    </ScreenErrorBoundary>
  );
}

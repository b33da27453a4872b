import { ScreenErrorBoundary } from '../../components/screen-error-boundary.tsx';
import { x } from '../../texts-extra.ts';
import { RoomScreen } from './room-screen.tsx';
import './owner-room.css';

/** `/owner/room` (spec 2.4, 2.5). */
export default function OwnerRoomScreen() {
  return (
    <ScreenErrorBoundary title={x.navRoom} screen="owner room">
      <RoomScreen />
    </ScreenErrorBoundary>
  );
}

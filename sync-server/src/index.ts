export { type AppOptions, BODY_LIMIT, buildApp } from './app.ts';
export { type Clock, createClock } from './clock.ts';
export { type Config, ConfigError, loadConfig, publicBase } from './config.ts';
export type { DemoInfo } from './demo/demo-seed.ts';
export { type CallContext, type Handler, type RouteExtras, route } from './http/route.ts';
export { type Audience, createLocalBus, type LiveBus, type LiveMessage } from './live/bus.ts';
export type { LiveHub, LiveSocketInfo, PublishOptions } from './live/hub.ts';
export type { Session } from './store/sessions.ts';
export {
  type MutationContext,
  type MutationOptions,
  type MutationPrepare,
  type MutationRun,
  mutationRoute,
} from './sync/mutation-route.ts';
export type { SnapshotLoader, SyncCore } from './sync/sync-core.ts';

/** hdmigrate shim: unchanged v1 clients keep working on v2 (see README "hdmigrate shim"). */
export { ShimCore, mapV2Error, checkRequest, type ShimOptions, type ShimRequest, type ShimResponse, type UsageLine, type ShimStats } from './core.ts';
export { startShimServer, type ShimServer, type ShimServerOptions } from './server.ts';
export { ShimDispatcher, createShimDispatcher, installShimDispatcher, type ShimDispatcherOptions } from './dispatcher.ts';
export { LocalCache, RedisCache, type LookupCache } from './cache.ts';
export { ShimInputError } from './errors.ts';

/** Node's flags for the built server (server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];

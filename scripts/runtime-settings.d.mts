export declare const SERVER_NODE_ARGS: string[];
export declare function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

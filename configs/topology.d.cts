// Types of topology.cjs for the TypeScript that reads it (the host server, the journeys).
export type ProcessName = 'host' | 'account' | 'insurance' | 'billing' | 'service' | 'api';
export type RemoteProcessName = 'account' | 'insurance' | 'billing' | 'service';
export declare const DEFAULT_PORTS: Readonly<Record<ProcessName, number>>;
export declare const PORT_VARIABLES: Readonly<Record<ProcessName, string>>;
export declare const REMOTE_URL_VARIABLES: Readonly<Record<RemoteProcessName, string>>;
export declare const REMOTE_PACKAGES: Readonly<Record<RemoteProcessName, string>>;
export declare function portOf(name: ProcessName, env?: NodeJS.ProcessEnv): number;
export declare function ports(env?: NodeJS.ProcessEnv): Record<ProcessName, number>;
export declare const STACK_PORT_STEP: number;
export declare function stackPortVariables(stack: number, env?: NodeJS.ProcessEnv): Record<string, string>;
export type JourneyPortName =
  | 'billingDownHost'
  | 'contentDownHost'
  | 'billingOffHost'
  | 'brokenBillingCanary'
  | 'healthyBillingCanary'
  | 'canaryHost'
  | 'addedRemote'
  | 'closed';
export declare const JOURNEY_PORT_OFFSETS: Readonly<Record<JourneyPortName, number>>;
export declare function journeyStackPorts(
  stack: number,
  env?: NodeJS.ProcessEnv,
): Record<ProcessName | JourneyPortName, number>;
export declare function localOrigin(port: number): string;
export declare function originOf(name: ProcessName, env?: NodeJS.ProcessEnv): string;
export declare function remoteManifestUrl(remote: RemoteProcessName, env?: NodeJS.ProcessEnv): string;

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldToMain } from '../../app/yield-to-main';

/**
 * Module Federation runtime plugin that ends the task between the steps of loading a remote's page
 * module. Without it, everything after `remoteEntry.js` has run (the container's init and its share
 * negotiation, fetching the exposed module, running its factory) is one chain of promises, so one
 * long task that holds a phone's main thread (Total Blocking Time) while the prerendered frame is on
 * screen. Each step is short on its own.
 */
export function yieldBetweenStepsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-yield-between-steps',
    // remoteEntry.js has run: its container is initialised in the next task.
    afterLoadEntry: () => yieldToMain(),
    // The container shares its modules: the exposed module is asked for in the next task.
    afterInitRemote: () => yieldToMain(),
    // The exposed module's chunks are there: its factory runs in the next task.
    beforeExecuteFactory: () => yieldToMain(),
  };
}

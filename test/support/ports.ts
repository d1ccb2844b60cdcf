/** Ports for a stack a test starts beside the black-box one. */
import { freePorts } from '@studio/testkit/ports';
import { stackPortsAt, type StackPorts } from '../../scripts/lib/stack.js';

/** A whole port layout (every listener of scripts/lib/stack.ts `StackPorts`) of distinct free loopback ports. */
export async function freeStackPorts(): Promise<StackPorts> {
  const names = Object.keys(stackPortsAt(0)) as (keyof StackPorts)[];
  const free = await freePorts(names.length);
  return Object.fromEntries(names.map((n, i) => [n, free[i]!])) as unknown as StackPorts;
}

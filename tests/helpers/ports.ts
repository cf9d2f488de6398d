/**
 * A block of consecutive free ports for a test that starts servers on fixed offsets of one port
 * (nginx on it, the instances above), picked as .ci/run picks its own: below the ephemeral range,
 * from a random start. A fixed port met another run's servers when two CI runs shared a machine.
 */
export { freePortBlock } from '../../scripts/free-ports.mjs';

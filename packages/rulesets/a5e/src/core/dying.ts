/** The dying rules live in `src/dying/`; this is where the ruleset's module list finds them. */
export { dyingModule } from '../dying/index';

/** What the damage, hit point, dying and core-check areas offer other areas. */
export * from './pipeline';
export * from './massive';
export * from './ongoing';
export * from './critical';
export * from './damage-command';
export { damageModule } from './index';
export * from '../hp/healing';
export * from '../core/checks';
export * from '../core/concentration';
export * from '../dying/state';
export * from '../dying/zero';
export * from '../dying/death-save';
export * from '../dying/first-aid';
export { dyingModule } from '../dying/index';

export * from './hit-dice';
export * from './common';
export { spendHitDice, shortRestCommand } from './short-rest';
export { longRestCommand } from './long-rest';
export * from './time';
export { restModule } from './module';
export { a5eCampaignLegalCommands } from './legal';

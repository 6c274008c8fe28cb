/** Presets for the rulesets people play online and at the current championships (docs/RULESETS.md). */
export { mleague } from './mleague';
export { majsoul } from './majsoul';
export { riichicity } from './riichicity';
export { wrc2022 } from './wrc2022';

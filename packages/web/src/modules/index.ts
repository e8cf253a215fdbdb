import type { WebModule } from '../app/web-module';
import { appealsWebModule } from './appeals';
import { dictionariesWebModule } from './dictionaries';
import { expertsWebModule } from './experts';
import { formsWebModule } from './forms';
import { identityWebModule } from './identity';
import { orgWebModule } from './org';
import { paymentsWebModule } from './payments';
import { projectsWebModule } from './projects';

/** The web modules. Adding a module is its folder and one line here (docs/modules.md). */
export const WEB_MODULES: readonly WebModule[] = [
  orgWebModule,
  identityWebModule,
  formsWebModule,
  dictionariesWebModule,
  projectsWebModule,
  expertsWebModule,
  paymentsWebModule,
  appealsWebModule,
];

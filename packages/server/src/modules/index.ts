import { appealsModule } from './appeals';
import { dictionariesModule } from './dictionaries';
import { expertsModule } from './experts';
import { formsModule } from './forms';
import { identityModule } from './identity';
import { orgModule } from './org';
import { paymentsModule } from './payments';
import { projectsModule } from './projects';

/**
 * The product's modules, in the order their demo data is seeded. Adding a module is its folder
 * and one line here (docs/modules.md).
 */
export const MODULES = [
  orgModule,
  identityModule,
  formsModule,
  dictionariesModule,
  projectsModule,
  expertsModule,
  paymentsModule,
  appealsModule,
] as const;

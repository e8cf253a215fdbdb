import { BUILTIN_FORM_KINDS, FORMS_PAGES } from '@shetuan/shared/forms';
import { defineModule } from '../../platform/modules';
import { ANSWER_EXPORT_JOB, exportAnswers } from './export';
import { formRoutes } from './routes';

/** The form engine's screens: my forms, templates, the recycle bin and the public fill page. */
export const formsModule = defineModule({
  name: 'forms',
  routes: formRoutes,
  pages: Object.values(FORMS_PAGES),
  jobs: { [ANSWER_EXPORT_JOB]: exportAnswers },
  formKinds: BUILTIN_FORM_KINDS,
});

import { SolutionOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { defineWebModule } from '../../app/web-module';
import { aliasRoutes } from './aliases';
import { libraryRoutes } from './library/routes';
import { selectionRoutes } from './selection/routes';

/**
 * 专家库 (spec 001 §2.9): the administrators' library, approvals, domains, labels and pools, and
 * statistics (library/), the draws, the expert's own page and the invitation link (selection/),
 * calls for experts (calls/), the tenant's own expert form (config/), and the spec's other paths of
 * the same screens (aliases.ts).
 */
export const expertsWebModule = defineWebModule({
  name: 'experts',
  routes: [...libraryRoutes, ...selectionRoutes, ...aliasRoutes],
  menuIcons: { 'expert-self': createElement(SolutionOutlined) },
});

import { SolutionOutlined } from '@ant-design/icons';
import { createElement } from 'react';
import { defineWebModule } from '../../app/web-module';
import { libraryRoutes } from './library/routes';
import { selectionRoutes } from './selection/routes';

/**
 * 专家库 (spec 001 §2.9): the administrators' library, approvals, domains, labels and statistics
 * (library/), the draws, the expert's own page and the invitation link (selection/).
 */
export const expertsWebModule = defineWebModule({
  name: 'experts',
  routes: [...libraryRoutes, ...selectionRoutes],
  menuIcons: { 'expert-self': createElement(SolutionOutlined) },
});

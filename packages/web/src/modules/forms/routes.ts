import { FORMS_PAGES } from '@shetuan/shared/forms';
import type { AppRoute } from '../../app/route-registry';
import { defineWebModule } from '../../app/web-module';

const forms = { name: '表单' };
const console = (
  path: string,
  screen: AppRoute['screen'],
  name: string,
  extra: Partial<AppRoute['meta']> = {},
): AppRoute => ({
  path,
  screen,
  meta: { requireLogin: true, routerList: [forms, { name }], ...extra },
  layout: 'console',
});
const formPage = (tab: string, screen: AppRoute['screen'], name: string): AppRoute =>
  console(`/project/form/${tab}`, screen, name, {
    menuPath: '/project/my',
    routerList: [forms, { name: '我的表单', path: '/project/my' }, { name }],
  });

/** The project form system (spec 001 §2.1). */
export const formRoutes: AppRoute[] = [
  console(FORMS_PAGES.mine.path, () => import('./ProjectListPage'), FORMS_PAGES.mine.name, {
    keepAlive: true,
    depth: 10,
  }),
  console(FORMS_PAGES.recycle.path, () => import('./RecyclePage'), FORMS_PAGES.recycle.name, {
    keepAlive: true,
    depth: 10,
  }),
  console(FORMS_PAGES.template.path, () => import('./TemplatePage'), FORMS_PAGES.template.name, { depth: 10 }),
  console('/project/template/preview', () => import('./TemplatePreviewPage'), '模板预览', {
    menuPath: '/project/template',
    routerList: [forms, { name: '表单模板', path: '/project/template' }, { name: '模板预览' }],
  }),
  console('/project/form', () => import('./EditorPage'), '表单设计', {
    menuPath: '/project/my',
    routerList: [forms, { name: '我的表单', path: '/project/my' }, { name: '表单设计' }],
  }),
  formPage('editor', () => import('./EditorPage'), '表单设计'),
  formPage('logic', () => import('./LogicPage'), '显示逻辑'),
  formPage('theme', () => import('./ThemePage'), '外观'),
  formPage('setting', () => import('./SettingPage'), '收集设置'),
  formPage('publish', () => import('./PublishPage'), '发布'),
  formPage('statistics', () => import('./StatisticsPage'), '统计'),
  formPage('preview', () => import('./PreviewPage'), '预览'),
  // Public: fill in (two addresses, one screen), view, public results.
  { path: '/s/:key', screen: () => import('./FillPage'), meta: { requireLogin: false } },
  { path: '/project/write', screen: () => import('./FillPage'), meta: { requireLogin: false } },
  { path: '/project/view', screen: () => import('./ViewPage'), meta: { requireLogin: false } },
  { path: '/project/public/result', screen: () => import('./PublicResultPage'), meta: { requireLogin: false } },
];

/** The form engine: my forms, designer tabs, templates, recycle bin, public fill pages. */
export const formsWebModule = defineWebModule({ name: 'forms', routes: formRoutes });

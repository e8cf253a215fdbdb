import { USER_LISTS, type UserListKey, UserType } from '@shetuan/shared/identity/pages';
import type { PathOf } from '../../app/typed-api';

/** A user list's configuration (USER_LISTS), its `api` the literal base of its routes. */
export type UserList<K extends UserListKey = UserListKey> = (typeof USER_LISTS)[K];
type ApiOf<K extends UserListKey> = UserList<K>['api'];

/**
 * The lists by the routes the server gives them, read from the route document: the lists whose
 * people are reviewed (/user-audit), edited (修改 and 重置密码), and added. A screen configured
 * to call a route its list lacks does not compile.
 */
export type ReviewedList = {
  [K in UserListKey]: `${ApiOf<K>}/{id}/review` extends PathOf<'post'> ? K : never;
}[UserListKey];
export type EditedList = { [K in UserListKey]: `${ApiOf<K>}/{id}` extends PathOf<'put'> ? K : never }[UserListKey];
export type AddedList = { [K in UserListKey]: ApiOf<K> extends PathOf<'post'> ? K : never }[UserListKey];

/** Whether a list takes new people: the server gives a list with adds the POST route (identity/admin-routes.ts). */
export function takesAdds(kind: UserList): kind is UserList<AddedList> {
  return kind.adds.length > 0;
}

interface UserListScreenBase {
  tabs: { key: string; label: string; query: { userType?: number; status?: number } }[];
  /** Add and edit happen on pages (the form routes below) or in a dialog. */
  editOn: 'page' | 'dialog';
}
/**
 * The user screens (spec 001 §2.5), served by two configured screens: UserListPage for the lists
 * and UserFormPage for the add and edit pages. A new list or form is a line here, not a page. A
 * list screen reviews its people (/user-audit) or edits them.
 */
export type UserListScreen = UserListScreenBase &
  ({ list: ReviewedList; review: true } | { list: EditedList; review?: false });

export const USER_LIST_SCREENS: Record<string, UserListScreen> = {
  '/user-management': {
    list: 'staff',
    editOn: 'page',
    tabs: [
      { key: 'all', label: '全部', query: {} },
      { key: 'unit', label: '单位用户', query: { userType: UserType.UNIT } },
      { key: 'personal', label: '个人用户', query: { userType: UserType.PERSONAL } },
      { key: 'disabled', label: '已停用', query: { status: 0 } },
    ],
  },
  '/user-audit': {
    list: 'audit',
    editOn: 'dialog',
    review: true,
    tabs: [
      { key: 'pending', label: '待审核', query: { status: 2 } },
      { key: 'refused', label: '未通过', query: { status: 3 } },
    ],
  },
  '/social-user-management': {
    list: 'social',
    editOn: 'dialog',
    tabs: [
      { key: 'all', label: '全部', query: {} },
      { key: 'disabled', label: '已停用', query: { status: 0 } },
    ],
  },
  '/enterprise-user-management': {
    list: 'enterprise',
    editOn: 'dialog',
    tabs: [
      { key: 'all', label: '全部', query: {} },
      { key: 'disabled', label: '已停用', query: { status: 0 } },
    ],
  },
};

export interface UserFormScreen {
  /** A form page adds and edits: a list with both routes. */
  list: Extract<AddedList, EditedList>;
  userType: number;
  mode: 'add' | 'edit';
  title: string;
}

export const USER_FORM_SCREENS: Record<string, UserFormScreen> = {
  '/user-management/unit-add': { list: 'staff', userType: UserType.UNIT, mode: 'add', title: '新增单位用户' },
  '/user-management/unit-edit': { list: 'staff', userType: UserType.UNIT, mode: 'edit', title: '编辑单位用户' },
  '/user-management/personal-add': {
    list: 'staff',
    userType: UserType.PERSONAL,
    mode: 'add',
    title: '新增个人用户',
  },
  '/user-management/personal-edit': {
    list: 'staff',
    userType: UserType.PERSONAL,
    mode: 'edit',
    title: '编辑个人用户',
  },
};

/** The form page of a person of the staff list. */
export function editPathOf(userType: number, userId: number): string {
  return `/user-management/${userType === UserType.UNIT ? 'unit' : 'personal'}-edit?id=${userId}`;
}

export function addPathOf(userType: number): string {
  return `/user-management/${userType === UserType.UNIT ? 'unit' : 'personal'}-add`;
}

export const listOf = <K extends UserListKey>(key: K): UserList<K> => USER_LISTS[key];

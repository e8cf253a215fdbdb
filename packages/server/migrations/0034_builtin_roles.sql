ALTER TABLE "roles" ADD COLUMN "builtin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The roles every tenant was seeded with (their remark named internal identity codes) become
-- built in, with a remark a person can read.
-- Tenant by tenant, so forced row-level security lets the owner see each tenant's rows.
DO $$
DECLARE t integer;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t::text, true);
    UPDATE "roles" SET "builtin" = true, "remark" = CASE "name"
      WHEN '运营管理员' THEN '平台运营人员，拥有全部菜单'
      WHEN '管理员' THEN '科协、学会及单位的管理员'
      WHEN '工作人员' THEN '学会工作人员：活动、内容、会员与表单'
      WHEN '会员' THEN '个人会员与单位会员'
      WHEN '专家' THEN '专家库中的专家'
      WHEN '评审人' THEN '项目评审人'
      WHEN '初审单位' THEN '项目申报的初审（推荐）单位'
      WHEN '申报人' THEN '项目申报人'
      WHEN '参会人员' THEN '活动与会议的参会人员'
      WHEN '单位及个人用户' THEN '自行注册的单位及个人用户'
      WHEN '继续教育学员' THEN '继续教育的学员'
      ELSE "remark" END
    WHERE "remark" LIKE '默认角色（身份代码%';
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;

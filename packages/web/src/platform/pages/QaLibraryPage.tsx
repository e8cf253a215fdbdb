import { QA_LIBRARY, showsQaLibrary } from '@shetuan/shared/tenant';
import { Collapse, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { session } from '../../app/session';
import { useSessionInfo } from '../auth/api';
import { AuthShell } from '../auth/components/AuthShell';
import { useTenant } from '../tenant';
import NotFoundPage from './NotFoundPage';

/** The questions people ask about the console, answered as this console behaves. */
export const QA_ITEMS: { q: string; a: string }[] = [
  {
    q: '忘记密码怎么办？',
    a: '在登录页点击“忘记密码”，输入绑定的手机号并获取短信验证码，设置新密码后用新密码登录。',
  },
  {
    q: '登录时为什么要输入图形验证码？账号被锁定了怎么办？',
    a: '同一账号或同一网络 15 分钟内连续 5 次登录失败后，需要先完成图形验证；连续失败 10 次，账号锁定 15 分钟，到时自动解锁，也可以用“忘记密码”重设密码。',
  },
  {
    q: '登录后为什么要选择机构或身份？',
    a: '您同时属于多个机构（学会）时，先选择本次进入的机构；在一个机构有多个身份（如会员与专家）时，再选择身份。登录后可随时在页头点击“切换身份”。',
  },
  {
    q: '提示“无法进入后台！”是什么原因？',
    a: '您的账号在当前机构还没有任何身份。请确认访问的是所属机构的地址，或联系机构管理员为您开通。',
  },
  {
    q: '入会或注册申请提交后，在哪里查看审核结果？',
    a: '用提交申请时的手机号登录，页面会显示申请的审核状态；未通过时会显示审核意见，按意见修改后可重新申请。',
  },
  {
    q: '如何修改姓名、手机号、邮箱或登录密码？',
    a: '登录后点击页头的头像，进入“个人中心”修改基本资料、更换手机号、绑定邮箱；“修改密码”在同一菜单中。',
  },
  {
    q: '如何缴纳会费、申请发票？',
    a: '待支付的会费和报名费在“付款订单”中，可在线支付或对公转账后上传凭证；支付完成后可在“我的发票”中申请开具发票。',
  },
  {
    q: '如何在手机上继续办理？',
    a: '在“个人中心”生成二维码，用手机扫码即可以当前身份直接进入，二维码 2 分钟内有效且只能使用一次。',
  },
];

/** /qaLibrary: the 问答库, open without login; a tenant of custom type 31 has none (spec 000 §6). */
export default function QaLibraryPage() {
  const tenant = useTenant();
  const info = useSessionInfo();
  const loggedIn = session.isLoggedIn();
  if (!showsQaLibrary(info.data?.customType ?? tenant.customType)) return <NotFoundPage />;
  return (
    <AuthShell title={QA_LIBRARY.title} width={720} qaLink={false}>
      <Typography.Paragraph type="secondary">使用中常见的问题与解答。</Typography.Paragraph>
      <Collapse
        items={QA_ITEMS.map((item, i) => ({
          key: String(i),
          label: item.q,
          children: <Typography.Paragraph style={{ marginBottom: 0 }}>{item.a}</Typography.Paragraph>,
        }))}
        defaultActiveKey={['0']}
      />
      <Flex justify="center" style={{ marginTop: 16 }}>
        {loggedIn ? <Link to="/">返回后台</Link> : <Link to={session.enterPath()}>返回登录</Link>}
      </Flex>
    </AuthShell>
  );
}

import { LoginScreen } from './LoginPage';

/** /societyLogin: the same mechanism, for society staff. */
export default function SocietyLoginPage() {
  return <LoginScreen title="学会登录" forgetPath="/societyForgetPassword" registerPath="/societyRegister" />;
}

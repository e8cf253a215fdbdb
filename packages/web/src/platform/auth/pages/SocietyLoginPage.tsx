import { loginScreen } from './LoginPage';

/** /societyLogin: the same mechanism, for society staff (LOGIN_SCREENS). */
export default loginScreen('/societyLogin');

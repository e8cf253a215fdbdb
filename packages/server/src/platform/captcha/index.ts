export { captchaRoutes } from './routes';
export { consumeVerification } from './service';
export { captchaChallenges } from './tables';

export { paymentsModule } from './module';
export { type CreateOrderInput, cancelOrder, createOrder, ledgerCheck } from './service';

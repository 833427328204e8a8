import { Link, useSearchParams } from "react-router";
import { ORDER_SUCCESS_MESSAGE } from "../../features/cart/messages";
import { pageTitle } from "../../features/cart/page-title";
import type { Route } from "./+types/order-success";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Order placed", matches) }];
}

export default function OrderSuccess() {
  const [params] = useSearchParams();
  const orderNumber = params.get("orderNumber");
  const shown = orderNumber && /^\d{1,12}$/.test(orderNumber) ? orderNumber : null;
  return (
    <main className="mx-auto flex min-h-[70vh] w-full max-w-[720px] flex-col items-center justify-center px-4 py-12 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full border-4 border-success text-3xl font-bold text-success"
      >
        ✓
      </span>
      <h1 className="mt-6 text-2xl font-bold">Order placed</h1>
      <p lang="bn" className="mt-4 text-lg leading-relaxed">
        {ORDER_SUCCESS_MESSAGE}
      </p>
      {shown ? (
        <p className="mt-4 text-base-content/80">
          Order number: <strong className="text-base-content">#{shown}</strong>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Go to Homepage
        </Link>
        <Link to="/shop" className="btn btn-outline">
          Continue Shopping
        </Link>
      </div>
    </main>
  );
}

import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { ORDER_LISTS } from "../core/order-lists";

export default [
  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("shop", "routes/storefront/shop.tsx"),
    route("about-us", "routes/storefront/about-us.tsx"),
    route("contact-us", "routes/storefront/contact-us.tsx"),
    route("product-details/:id", "routes/storefront/product-details.tsx"),
    route("product/category/:categoryName", "routes/storefront/category.tsx"),
    route("product/sub-category/:subCategory", "routes/storefront/sub-category.tsx"),
    route("cart", "routes/cart/cart.tsx"),
    route("product-checkout", "routes/cart/checkout.tsx"),
    route("order-success", "routes/cart/order-success.tsx"),
    route("track-order", "routes/storefront/track-order.tsx"),
    route("authentication/register", "routes/auth/register.tsx"),
    route("authentication/login", "routes/auth/login.tsx"),
    route("authentication/forgot-password", "routes/auth/forgot-password.tsx"),
    route("authentication/reset-password", "routes/auth/reset-password.tsx"),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  route("dashboard", "routes/dashboard/layout.tsx", [
    // The pages, in the frame, with their error page (routes/dashboard/pages.tsx).
    layout("routes/dashboard/pages.tsx", [
      index("routes/dashboard/home.tsx"),
      route("allUsers", "routes/dashboard/all-users.tsx"),
      route("messages", "routes/dashboard/messages.tsx"),
      route("allProducts", "routes/dashboard/all-products.tsx"),
      route("addProduct", "routes/dashboard/add-product.tsx"),
      route("update/:id", "routes/dashboard/update-product.tsx"),
      route("stock/:id", "routes/dashboard/stock-history.tsx"),
      route("manageSlider", "routes/dashboard/manage-slider.tsx"),
      route("manageSlide/addSlide", "routes/dashboard/add-slide.tsx"),
      route("manageSlider/updateSlider/:id", "routes/dashboard/update-slide.tsx"),
      // One module for every order list of spec §2; each path gets its own route id.
      ...ORDER_LISTS.map((list) =>
        route(list.slug, "routes/dashboard/order-list.tsx", { id: `order-list-${list.slug}` }),
      ),
      route("order-overview/:id", "routes/dashboard/order-overview.tsx"),
      route("blockedNumbers", "routes/dashboard/blocked-numbers.tsx"),
      route("order-overview/:id/invoice/:invoiceId", "routes/dashboard/order-invoice.tsx"),
      route("failedBookings", "routes/dashboard/failed-bookings.tsx"),
      route("courierAreas", "routes/dashboard/courier-areas.tsx"),
      route("notifications", "routes/dashboard/notifications.tsx"),
      route("print/invoices", "routes/dashboard/print-invoices.tsx"),
      route("print/labels", "routes/dashboard/print-labels.tsx"),
      // Any other /dashboard path: the dashboard's own 404, not the storefront's.
      route("*", "routes/dashboard/not-found.tsx"),
    ]),
  ]),
  // Logout is an action only: the header's form posts to it and it redirects back.
  route("authentication/logout", "routes/auth/logout.ts"),
  // The orders as a CSV download (admins): a resource route, no dashboard page around it.
  route("dashboard/export/orders.csv", "routes/dashboard/export-orders.ts"),
  // The cart's and checkout's stock read (a fetcher of the lines' products).
  route("cart-stock", "routes/cart/stock.ts"),
  route("sitemap.xml", "routes/storefront/sitemap.ts"),
  route("robots.txt", "routes/storefront/robots.ts"),
] satisfies RouteConfig;

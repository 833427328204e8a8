export * from "./common";
export * from "./contact";
export * from "./order";
export * from "./product";
export * from "./risk";
export * from "./slide";
export * from "./stock";
export * from "./user";

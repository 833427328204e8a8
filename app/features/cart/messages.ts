/** Spec §2: the order succeeded; the shop phones to confirm before preparing delivery. */
export const ORDER_SUCCESS_MESSAGE =
  "আপনার অর্ডারটি সফলভাবে সম্পন্ন হয়েছে! ডেলিভারির আগে আমাদের প্রতিনিধি ফোন করে অর্ডারটি নিশ্চিত করবেন।";

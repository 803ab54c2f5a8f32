"""Deep Blue (Days of Wonder, 2019): rules split by topic, data beside them."""

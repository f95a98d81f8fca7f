print("detent")

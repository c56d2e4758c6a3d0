print("drover")

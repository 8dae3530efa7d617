import AsyncNet
print("placeholder")

"""starcraft"""
